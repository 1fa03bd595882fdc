import ArgumentParser

/// The usage errors of numeric options, each naming the option, its bounds
/// and the value given: "--runs must be at least 1; got -5".
enum OptionRange {
    /// `value` must lie in `range`.
    static func check<T: Comparable & CustomStringConvertible>(_ value: T, _ option: String, in range: ClosedRange<T>, unit: String = "") throws {
        guard !range.contains(value) else { return }
        let suffix = unit.isEmpty ? "" : " \(unit)"
        throw ValidationError("\(option) must be between \(range.lowerBound) and \(range.upperBound)\(suffix); got \(value)")
    }

    /// `value` must be at least `lower`.
    static func check<T: Comparable & CustomStringConvertible>(_ value: T, _ option: String, atLeast lower: T, unit: String = "") throws {
        guard value < lower else { return }
        let suffix = unit.isEmpty ? "" : " \(unit)"
        throw ValidationError("\(option) must be at least \(lower)\(suffix); got \(value)")
    }

    /// `value` must be more than `lower` and at most `upper`.
    static func check(_ value: Double, _ option: String, above lower: Double, atMost upper: Double, unit: String) throws {
        guard !(value > lower && value <= upper) else { return }
        throw ValidationError(
            "\(option) must be more than \(Plain.number(lower)) and at most \(Plain.number(upper)) \(unit); got \(Plain.number(value))")
    }
}
