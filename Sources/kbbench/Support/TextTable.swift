/// A plain-text table with aligned columns, for terminal summaries.
struct TextTable {
    var header: [String]
    var rows: [[String]] = []

    init(_ header: String...) { self.header = header }
    init(row header: [String]) { self.header = header }

    mutating func add(_ cells: String...) { rows.append(cells) }
    mutating func add(row: [String]) { rows.append(row) }

    /// The table, numbers right-aligned (cells that parse as numbers).
    var rendered: String {
        let all = [header] + rows
        let columns = all.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columns)
        for row in all { for (i, c) in row.enumerated() { widths[i] = max(widths[i], c.count) } }
        func line(_ row: [String]) -> String {
            var parts: [String] = []
            for i in 0..<columns {
                let c = i < row.count ? row[i] : ""
                let pad = String(repeating: " ", count: widths[i] - c.count)
                parts.append(Double(c) != nil ? pad + c : c + pad)
            }
            return parts.joined(separator: "  ").replacingTrailingSpaces()
        }
        var out = line(header) + "\n"
        out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
        for row in rows { out += line(row) + "\n" }
        return out
    }
}

extension String {
    fileprivate func replacingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
