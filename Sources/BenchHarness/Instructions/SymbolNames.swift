// Names of functions as a person reads them in the gate's "where it moved" table: Swift symbols demangled
// by the Swift runtime's own demangler (`swift_demangle`, exported by libswiftCore on every platform), then
// shortened — argument types and return types dropped, argument labels kept, generic argument lists
// dropped — so "NodeTree.DisplayNode.layoutThatFits(_: LayoutCore.SizeRange, parentSize: …) -> …" reads
// "NodeTree.DisplayNode.layoutThatFits(_:parentSize:)". Names that are not Swift symbols (C, C++ already
// demangled by valgrind, valgrind's own "(below main)") are only cut to length.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@_silgen_name("swift_demangle")
private func runtimeDemangle(_ mangledName: UnsafePointer<CChar>?, _ mangledNameLength: Int,
                             _ outputBuffer: UnsafeMutablePointer<CChar>?,
                             _ outputBufferSize: UnsafeMutablePointer<Int>?, _ flags: UInt32)
    -> UnsafeMutablePointer<CChar>?

public enum SymbolNames {
    /// The longest name the tables show; longer ones end in "…".
    public static let displayLimit = 110

    /// A short readable name for `symbol` as callgrind wrote it.
    public static func display(_ symbol: String) -> String {
        let text = demangled(symbol).map { shortenedPrefixes(simplified($0)) } ?? symbol
        return text.count > displayLimit ? String(text.prefix(displayLimit - 1)) + "…" : text
    }

    /// The Swift runtime's demangling of `symbol`, nil when it is not a Swift symbol.
    public static func demangled(_ symbol: String) -> String? {
        guard symbol.hasPrefix("$s") || symbol.hasPrefix("_$s") || symbol.hasPrefix("$S") || symbol.hasPrefix("_T") else {
            return nil
        }
        let utf8 = Array(symbol.utf8CString)
        // The runtime allocates the result with malloc when given no buffer; it is freed here.
        let result: UnsafeMutablePointer<CChar>? = utf8.withUnsafeBufferPointer {
            runtimeDemangle($0.baseAddress, $0.count - 1, nil, nil, 0)
        }
        guard let result else { return nil }
        defer { free(result) }
        return String(cString: result)
    }

    /// The optimizer's prefixes in a word: "generic specialization <…> of X" → "specialized X".
    static func shortenedPrefixes(_ name: String) -> String {
        var text = name
        for (long, short) in [("generic specialization  of ", "specialized "),
                              ("generic not re-abstracted specialization  of ", "specialized "),
                              ("function signature specialization  of ", "specialized ")] {
            text = text.replacingAll(long, with: short)
        }
        return text
    }

    /// Drops argument and return types and generic argument lists; keeps argument labels.
    public static func simplified(_ name: String) -> String {
        let characters = Array(name)
        var out = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "<" {
                index = skipGroup(characters, from: index, open: "<", close: ">")
                continue
            }
            if character == "(" {
                let end = skipGroup(characters, from: index, open: "(", close: ")")
                // A typed throws' error type goes with the other types; an argument list keeps its labels.
                if !out.hasSuffix("throws") {
                    out += "(" + labels(String(characters[(index + 1)..<max(index + 1, end - 1)])) + ")"
                }
                index = end
                continue
            }
            if character == " ", matches(characters, at: index, " -> ") {
                // A return type runs to the next " in " (a closure's context) or the end.
                index = skipReturnType(characters, from: index + 4)
                continue
            }
            out.append(character)
            index += 1
        }
        return out
    }

    /// The index after the group opened at `start`, nested groups of either kind included.
    static func skipGroup(_ characters: [Character], from start: Int, open: Character, close: Character) -> Int {
        var depth = 0
        var index = start
        while index < characters.count {
            let character = characters[index]
            if character == open {
                depth += 1
            } else if character == close && !(close == ">" && index > 0 && characters[index - 1] == "-") {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            index += 1
        }
        return characters.count
    }

    static func skipReturnType(_ characters: [Character], from start: Int) -> Int {
        var index = start
        var depth = 0
        while index < characters.count {
            let character = characters[index]
            if character == "(" || character == "<" || character == "[" { depth += 1 }
            if character == ")" || character == "]" || (character == ">" && characters[index - 1] != "-") { depth -= 1 }
            if depth == 0 && matches(characters, at: index, " in ") { return index }
            index += 1
        }
        return characters.count
    }

    static func matches(_ characters: [Character], at index: Int, _ text: String) -> Bool {
        let pattern = Array(text)
        guard index + pattern.count <= characters.count else { return false }
        return Array(characters[index..<(index + pattern.count)]) == pattern
    }

    /// "_: LayoutCore.SizeRange, parentSize: CGSize" → "_:parentSize:"; "" → "".
    static func labels(_ arguments: String) -> String {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in arguments {
            if character == "(" || character == "<" || character == "[" { depth += 1 }
            if character == ")" || character == ">" || character == "]" { depth -= 1 }
            if character == "," && depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimming(" ").isEmpty { parts.append(current) }
        return parts.map { part -> String in
            let trimmed = part.trimming(" ")
            guard let colon = trimmed.firstIndex(of: ":"),
                  !trimmed[..<colon].contains(where: { $0 == " " || $0 == "(" || $0 == "." }) else {
                return "_:"
            }
            return String(trimmed[..<colon]) + ":"
        }.joined()
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}

extension StringProtocol {
    /// Without `character` at either end.
    func trimming(_ character: Character) -> String {
        var text = Substring(self)
        while text.first == character { text = text.dropFirst() }
        while text.last == character { text = text.dropLast() }
        return String(text)
    }
}
