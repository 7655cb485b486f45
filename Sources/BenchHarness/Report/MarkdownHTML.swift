// The small part of Markdown that bench's own summaries use — headings, bullets, quotes, pipe tables, fenced
// blocks, `code` and **bold**, and images of the run directory's charts — turned into HTML for the report.
// Going through summary.md keeps one source for the tables: the HTML shows exactly what summary.md and the
// terminal table show. An image whose file is one of `charts` is replaced by that SVG inline, so the page
// needs no other file.

enum MarkdownHTML {
    static func render(_ markdown: String, charts: [String: String]) -> String {
        var html = ""
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        var list = false
        func closeList() {
            if list { html += "</ul>\n"; list = false }
        }
        while let line = lines.popFirst() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                closeList()
                var block: [String] = []
                while let next = lines.popFirst(), !next.hasPrefix("```") { block.append(next) }
                html += "<pre>" + escape(block.joined(separator: "\n")) + "</pre>\n"
            } else if trimmed.hasPrefix("|") {
                closeList()
                var rows = [trimmed]
                while let next = lines.first, next.trimmingCharacters(in: .whitespaces).hasPrefix("|") {
                    rows.append(next.trimmingCharacters(in: .whitespaces))
                    lines.removeFirst()
                }
                html += table(rows)
            } else if let image = imageFile(trimmed) {
                closeList()
                if let svg = charts[image.file] {
                    html += "<figure class=\"chart\" data-chart=\"\(escape(image.file))\">\n" + svg
                        + "<figcaption>\(escape(image.alt))</figcaption></figure>\n"
                }
            } else if trimmed.hasPrefix("#") {
                closeList()
                let level = min(6, trimmed.prefix { $0 == "#" }.count + 1)  // the page's own title is h1
                let text = trimmed.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                html += "<h\(level)>\(inline(text))</h\(level)>\n"
            } else if trimmed.hasPrefix("- ") {
                if !list { html += "<ul>\n"; list = true }
                html += "<li>\(inline(String(trimmed.dropFirst(2))))</li>\n"
            } else if trimmed.hasPrefix(">") {
                closeList()
                html += "<blockquote>\(inline(trimmed.drop { $0 == ">" || $0 == " " }.description))</blockquote>\n"
            } else if trimmed.isEmpty {
                closeList()
            } else {
                closeList()
                html += "<p>\(inline(trimmed))</p>\n"
            }
        }
        closeList()
        return html
    }

    static func table(_ rows: [String]) -> String {
        func cells(_ row: String) -> [String] {
            var inner = row
            if inner.hasPrefix("|") { inner.removeFirst() }
            if inner.hasSuffix("|") { inner.removeLast() }
            return inner.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let isSeparator = { (row: String) in cells(row).allSatisfy { !$0.isEmpty && $0.allSatisfy { "-: ".contains($0) } } }
        var html = "<table>\n"
        var body = rows[...]
        if rows.count > 1 && isSeparator(rows[1]) {
            html += "<thead><tr>" + cells(rows[0]).map { "<th>\(inline($0))</th>" }.joined() + "</tr></thead>\n"
            body = rows.dropFirst(2)
        }
        html += "<tbody>\n"
        for row in body {
            html += "<tr>" + cells(row).map { "<td>\(inline($0))</td>" }.joined() + "</tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    /// `![alt](file)` alone on a line.
    static func imageFile(_ line: String) -> (alt: String, file: String)? {
        guard line.hasPrefix("!["), line.hasSuffix(")"), let close = line.range(of: "](") else { return nil }
        let alt = String(line[line.index(line.startIndex, offsetBy: 2)..<close.lowerBound])
        let file = String(line[close.upperBound..<line.index(before: line.endIndex)])
        return (alt, file)
    }

    /// `code` and **bold**, with everything else escaped.
    static func inline(_ text: String) -> String {
        var html = ""
        var rest = text[...]
        while !rest.isEmpty {
            if rest.hasPrefix("`"), let end = rest.dropFirst().firstIndex(of: "`") {
                html += "<code>" + escape(String(rest[rest.index(after: rest.startIndex)..<end])) + "</code>"
                rest = rest[rest.index(after: end)...]
            } else if rest.hasPrefix("**"), let end = rest.dropFirst(2).range(of: "**") {
                html += "<strong>" + escape(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound])) + "</strong>"
                rest = rest[end.upperBound...]
            } else {
                html += escape(String(rest.first!))
                rest = rest.dropFirst()
            }
        }
        return html
    }

    static func escape(_ text: String) -> String {
        SVGLineChart.escape(text)
    }
}
