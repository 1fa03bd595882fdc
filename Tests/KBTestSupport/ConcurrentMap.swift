import Foundation

/// `transform` of `0..<count`, computed on every core
/// (`DispatchQueue.concurrentPerform`), in index order: for the fixtures
/// and pins many tests share, which would otherwise hold one thread of the
/// test pool for their whole run.
package func concurrentMap<T: Sendable>(_ count: Int, _ transform: @Sendable (Int) -> T) -> [T] {
    let results = Results<T>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { results.set($0, transform($0)) }
    return results.all
}

/// Values written by index from many threads.
private final class Results<T: Sendable>: @unchecked Sendable {
    private var values: [T?]
    private let lock = NSLock()

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ value: T) { lock.withLock { values[i] = value } }

    var all: [T] { lock.withLock { values.map { $0! } } }
}
