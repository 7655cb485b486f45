// Number formatting and aligned text tables shared by the table, Markdown and SVG reports.

enum NumberFormat {
    /// 3 significant digits with k / M / G: "812 k", "1.41 M", "98.4 k", "950".
    static func si(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let magnitude = abs(value)
        let (scaled, suffix): (Double, String) = magnitude >= 1e9 ? (value / 1e9, " G")
            : magnitude >= 1e6 ? (value / 1e6, " M") : magnitude >= 1e3 ? (value / 1e3, " k") : (value, "")
        return significant(scaled) + suffix
    }

    /// Like `si`, without trailing zeros after the point: "50 M", "2.5 k", "0.02" (axis ticks).
    static func tick(_ value: Double) -> String {
        var text = si(value)
        var suffix = ""
        if let space = text.firstIndex(of: " ") {
            suffix = String(text[space...])
            text = String(text[..<space])
        }
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text + suffix
    }

    /// 3 significant digits without exponent: "0.153", "1.23", "12.3", "123", "1234".
    static func significant(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let magnitude = abs(value)
        let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
        return fixed(value, decimals: decimals)
    }

    /// A fixed number of decimals, rounded half away from zero ("-0" printed as "0").
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "–" }
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        let rounded = (abs(value) * factor).rounded(.toNearestOrAwayFromZero)
        // Beyond Int64 (a value read from a file can be anything up to 1e308) there are no exact digits to
        // print: Swift's shortest form ("1e+308"), where converting the digits would trap.
        guard rounded < 9.0e18 else { return "\(value)" }
        var digits = String(Int64(rounded))
        if decimals > 0 {
            if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
        }
        return (value < 0 && rounded != 0 ? "-" : "") + digits
    }

    /// "3.1%".
    static func percent(_ fraction: Double) -> String {
        fixed(fraction * 100, decimals: 1) + "%"
    }

    /// "15.1×".
    static func ratio(_ value: Double) -> String {
        significant(value) + "×"
    }

    /// Nanoseconds as microseconds, 3 significant digits.
    static func microseconds(_ nanoseconds: Double) -> String {
        significant(nanoseconds / 1000)
    }

    /// Counters: integers as integers, others with two decimals.
    static func count(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : fixed(value, decimals: 2)
    }
}

extension Int {
    /// `value` rounded toward zero and clamped to Int's range (NaN: 0): for counts read from a result file,
    /// which may hold any number, where `Int(_:)` would trap.
    init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.2e18 {
            self = .max
        } else if value <= -9.2e18 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}

/// A plain-text table: the first column left-aligned, the others right-aligned, two spaces between.
struct TextTable {
    var header: [String]
    var rows: [[String]] = []
    /// Rows that span the table after the first column (e.g. "not available …").
    var notes: [Int: String] = [:]

    init(header: [String]) {
        self.header = header
    }

    mutating func add(_ row: [String]) {
        rows.append(row)
    }

    /// A row with only a first cell, a dash in the second column and free text after it.
    mutating func addNote(_ first: String, _ text: String) {
        notes[rows.count] = text
        rows.append([first, "–"])
    }

    func render() -> String {
        var widths = header.map(\.count)
        for (index, row) in rows.enumerated() where notes[index] == nil {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], cell.count)
            }
        }
        for (index, row) in rows.enumerated() where notes[index] != nil {
            widths[0] = max(widths[0], row[0].count)
        }
        func line(_ cells: [String]) -> String {
            var out = ""
            for (column, cell) in cells.enumerated() {
                let pad = String(repeating: " ", count: max(0, widths[column] - cell.count))
                if column == 0 { out += cell + pad } else { out += "  " + pad + cell }
            }
            return out
        }
        var out = line(header) + "\n"
        for (index, row) in rows.enumerated() {
            if let note = notes[index] {
                let first = row[0] + String(repeating: " ", count: widths[0] - row[0].count)
                let dash = String(repeating: " ", count: max(0, widths[1] - 1)) + "–"
                out += first + "  " + dash + "  " + note + "\n"
            } else {
                out += line(row + Array(repeating: "", count: max(0, header.count - row.count))) + "\n"
            }
        }
        return out
    }
}
