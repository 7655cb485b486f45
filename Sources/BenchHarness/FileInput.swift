#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Reading input files whole, with the operating system's reason when it fails ("No such file or
// directory"), as a typed error for `bench` to report. Every file bench reads — scenarios, layout
// documents (and standard input), baselines, results, stress scripts — comes through here.
//
// Reads stop after `maximumBytes + 1` bytes: a device (/dev/zero), a FIFO or a file that keeps growing
// would otherwise be read until memory runs out. One byte more than the maximum tells "exactly the
// maximum" from "more".

enum FileInput {
    /// The largest input accepted, 256 MiB. Scenario, layout, baseline and result files are kilobytes; the
    /// largest file bench writes for itself to read back is a stress script, about 130 bytes per recorded
    /// operation, so this holds the recording of a two-million-operation run — a failing run's script is
    /// shrunk before it is saved unless the failure did not reproduce one operation at a time.
    static let maximumBytes = 256 << 20

    static func read(path: String) throws(LayoutDocumentError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw .unreadable(file: path, reason: lastErrorText()) }
        defer { close(fd) }
        return try readAll(fd, name: path)
    }

    static func readStandardInput(name: String) throws(LayoutDocumentError) -> [UInt8] {
        try readAll(STDIN_FILENO, name: name)
    }

    /// The one-line reason for a file over the maximum.
    static var tooLargeReason: String { "file too large (more than \(maximumBytes) bytes)" }

    private static func readAll(_ fd: Int32, name: String) throws(LayoutDocumentError) -> [UInt8] {
        // A regular file says its size: refuse a large one before reading it.
        var status = stat()
        if fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) > maximumBytes {
            throw .unreadable(file: name, reason: tooLargeReason)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= maximumBytes {
            let wanted = min(chunk.count, maximumBytes + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, wanted) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(file: name, reason: lastErrorText())
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        throw .unreadable(file: name, reason: tooLargeReason)
    }

    private static func lastErrorText() -> String {
        String(cString: strerror(errno))
    }
}

/// `read(2)`, named apart from the Swift methods called read in this file.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
