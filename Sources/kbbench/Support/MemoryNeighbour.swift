import Foundation
import Synchronization

/// A neighbour that loads the memory bus while a benchmark is timed: a
/// thread copying 64 MiB back and forth, far beyond any cache, until
/// stopped. On a machine of two cores it takes the one the benchmark does
/// not, as a build or a test run beside a CI job would.
final class MemoryNeighbour: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let finished = Atomic<Bool>(false)

    /// Starts the neighbour's thread.
    static func start() -> MemoryNeighbour {
        let n = MemoryNeighbour()
        let thread = Thread { n.work() }
        thread.start()
        return n
    }

    /// Stops the thread and waits for it to end.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        while !finished.load(ordering: .acquiring) { usleep(1_000) }
    }

    private func work() {
        let size = 64 << 20
        let a = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
        let b = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
        memset(a, 1, size)
        memset(b, 2, size)
        while !stopped.load(ordering: .relaxed) {
            memcpy(b, a, size)
            memcpy(a, b, size)
        }
        a.deallocate()
        b.deallocate()
        finished.store(true, ordering: .releasing)
    }
}
