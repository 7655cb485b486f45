#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Reading input files whole, with the operating system's reason when it fails ("No such file or
// directory"), as a typed error for `bench` to report.

enum FileInput {
    static func read(path: String) throws(LayoutDocumentError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw .unreadable(file: path, reason: lastErrorText()) }
        defer { close(fd) }
        return try readAll(fd, name: path)
    }

    static func readStandardInput(name: String) throws(LayoutDocumentError) -> [UInt8] {
        try readAll(STDIN_FILENO, name: name)
    }

    private static func readAll(_ fd: Int32, name: String) throws(LayoutDocumentError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(file: name, reason: lastErrorText())
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    private static func lastErrorText() -> String {
        String(cString: strerror(errno))
    }
}

/// `read(2)`, named apart from the Swift methods called read in this file.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
