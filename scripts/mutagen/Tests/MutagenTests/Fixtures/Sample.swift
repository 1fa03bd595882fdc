struct Counter {
    var count = 0

    mutating func step(by amount: Int) -> Bool {
        if amount > 0 && count < 10 {
            count = count + amount * 2
            record(amount)
        }
        guard let last = history.last, last != amount else { return false }
        return count >= 3 ? true : false
    }

    func record(_ value: Int) {}
    var history: [Int] { [] }

    #if canImport(UIKit)
    func onlyOnApplePlatforms() -> Bool { 1 < 2 }
    #elseif os(Linux)
    func onLinux() -> Int { 7 }
    #endif
}
