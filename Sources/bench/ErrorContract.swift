import ArgumentParser
import BenchHarness
import Foundation

/// One error contract for every subcommand: a failure prints exactly one line on stderr, starting with
/// `error: `, and bad input of any sort — an unknown subcommand or option, a bad option value, a missing or
/// invalid file — exits 2 (ExitStatus.badInput). swift-argument-parser's own reporting (`Error: …`, a usage
/// dump, exit 64) is replaced here, so a subcommand or option added later follows the contract without doing
/// anything: throw ValidationError for a bad value, ExitStatus.report for a bad file.
enum ErrorContract {
    /// The sentence each subcommand's --help ends with.
    static let helpLine = "Errors: one line on stderr starting with \"error: \"; exit 2 for a bad command line "
        + "(unknown subcommand or option, bad value) and for a missing or invalid input file."

    /// Parses and runs `bench`, then exits.
    static func main(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        do {
            var command = try Bench.parseAsRoot(arguments)
            try command.run()
            Bench.exit()
        } catch {
            exit(handling: error, arguments: arguments)
        }
    }

    static func exit(handling error: Error, arguments: [String]) -> Never {
        if let code = error as? ExitCode {
            // The command printed its own line (or nothing, for a verdict such as a regression).
            Bench.exit(withError: code)
        }
        let code = Bench.exitCode(for: error)
        if code == .success {
            Bench.exit(withError: error)  // --help, --version: ArgumentParser prints them.
        }
        let message = oneLine(Bench.message(for: error))
        if code == .validationFailure {
            ExitStatus.printError("error: " + usageMessage(message, arguments: arguments))
            Bench.exit(withError: ExitStatus.badInput)
        }
        ExitStatus.printError("error: " + message)
        Bench.exit(withError: code)
    }

    /// ArgumentParser's message, with a "did you mean" for a mistyped subcommand (ArgumentParser already
    /// suggests options) and where to read the usage.
    static func usageMessage(_ message: String, arguments: [String]) -> String {
        // Walk the subcommands the arguments name; the first word that names none where a subcommand may stand
        // gets a suggestion when it is close to one (`bench listt`, `bench baseline updte`).
        var command: ParsableCommand.Type = Bench.self
        var path = ["bench"]
        for argument in arguments {
            let children = command.configuration.subcommands
            guard !children.isEmpty, !argument.hasPrefix("-") else { break }
            if let child = children.first(where: { $0.configuration.commandName == argument }) {
                command = child
                path.append(argument)
                continue
            }
            let names = children.compactMap { $0.configuration.commandName }
            let unexpected = message.lowercased().contains("unexpected argument")
            if let suggestion = Suggestion.closest(to: argument, among: names) {
                return "unknown subcommand '\(argument)' of \(path.joined(separator: " ")); did you mean '\(suggestion)'?"
            }
            if unexpected {
                return "unknown subcommand '\(argument)'; subcommands: \(names.joined(separator: ", "))"
            }
            break
        }
        return lowercasedFirst(message) + " (see `\(path.joined(separator: " ")) --help`)"
    }

    /// Messages of several lines (a usage dump, a multi-line validation message) become one.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("Usage:") && !$0.hasPrefix("See '") }
            .joined(separator: "; ")
    }

    static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase == true else { return text }
        return first.lowercased() + text.dropFirst()
    }
}

/// The closest name by edit distance, when it is close enough to be what was meant.
enum Suggestion {
    static func closest(to typed: String, among names: [String]) -> String? {
        let scored = names.map { ($0, distance(typed.lowercased(), $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        // A third of the name's letters may be wrong (at least one): "listt", "compre", "reprot".
        let allowed = max(1, best.0.count / 3)
        if best.1 <= allowed || best.0.hasPrefix(typed.lowercased()) && typed.count >= 2 { return best.0 }
        return nil
    }

    /// Damerau–Levenshtein distance (optimal string alignment): a swap of two neighbours counts one.
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[x.count][y.count]
    }
}
