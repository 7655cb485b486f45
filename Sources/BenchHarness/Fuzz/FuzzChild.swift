import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Runs one bench child on one input, with posix_spawn rather than Foundation's Process, because the
// fuzzer needs exactly what Process blurs on Linux: whether the child exited or was killed by a signal
// (and which), and a kill on timeout that also reaches anything the child started (its own process group).

/// How one child run ended, with its standard error.
public struct FuzzRun: Sendable {
    public enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signaled(Int32)
        case timedOut
    }

    public let ending: Ending
    public let stderr: String
    public let seconds: Double
}

public enum FuzzChild {
    /// Runs `executable arguments` with standard input and output on /dev/null and standard error in the
    /// file `stderrPath`; kills it (and its process group) after `timeout` seconds. The child's environment
    /// is ours with Swift's backtracer off: a crash then ends at once with its signal (and the runtime's
    /// "Fatal error" line) instead of spending seconds symbolicating.
    public static func run(executable: String, arguments: [String], stderrPath: String,
                           timeout: Double) throws(FuzzError) -> FuzzRun {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group (so the timeout's kill reaches grandchildren), default signal handling
        // and an empty signal mask, whatever ours are.
        var defaults = sigset_t()
        sigfillset(&defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }

        let start = monotonicSeconds()
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw .cannotRun(executable: executable, reason: String(cString: strerror(spawned)))
        }

        var status: Int32 = 0
        var pause: UInt32 = 1_000
        var ending: FuzzRun.Ending?
        while ending == nil {
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid {
                ending = decode(status)
            } else if waited < 0 && errno != EINTR {
                throw .cannotRun(executable: executable, reason: "waitpid: " + String(cString: strerror(errno)))
            } else if monotonicSeconds() - start > timeout {
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                ending = .timedOut
            } else {
                usleep(pause)
                pause = min(pause * 2, 20_000)
            }
        }
        let seconds = monotonicSeconds() - start
        let stderr = (try? FileInput.read(path: stderrPath)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return FuzzRun(ending: ending!, stderr: stderr, seconds: seconds)
    }

    /// A wait status as exited or killed (the W* macros are not imported into Swift).
    static func decode(_ status: Int32) -> FuzzRun.Ending {
        let low = status & 0x7F
        return low == 0 ? .exited((status >> 8) & 0xFF) : .signaled(low)
    }

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// This process's executable (`/proc/self/exe` resolved), which the fuzzer runs as its children.
    public static func currentExecutable() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// What keeps the fuzzer itself from running: its seeds, its work directory, or a child it cannot start.
public enum FuzzError: Error, CustomStringConvertible, Sendable {
    case cannotRun(executable: String, reason: String)
    case workDirectory(path: String, reason: String)
    case input(LayoutDocumentError)

    public var description: String {
        switch self {
        case .cannotRun(let executable, let reason): "cannot run \(executable): \(reason)"
        case .workDirectory(let path, let reason): "\(path): \(reason)"
        case .input(let error): error.description
        }
    }
}
