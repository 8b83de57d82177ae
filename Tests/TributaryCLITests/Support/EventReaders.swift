import Foundation

/// Event-stream clients that read all the time, on one thread of their own polling them
/// all, and notice when each has received a given text (a new item's title): how long a
/// change takes to reach every client.
final class EventReaders: @unchecked Sendable {
    private let lock = NSLock()
    private let connections: [RawConnection]
    /// The text looked for and which clients have received it, under `lock`.
    private var marker = Data()
    private var found: [Bool]
    private var tails: [Data]
    private var isStopped = false

    /// Starts reading `connections`, each already sent its request.
    init(_ connections: [RawConnection]) {
        self.connections = connections
        found = Array(repeating: true, count: connections.count)
        tails = Array(repeating: Data(), count: connections.count)
        let thread = Thread { self.readAll() }
        thread.name = "tributary-tests-event-readers"
        thread.start()
    }

    /// Looks for `text` from now on, in what each client receives next.
    func lookFor(_ text: String) {
        lock.withLock {
            marker = Data(text.utf8)
            found = Array(repeating: false, count: connections.count)
        }
    }

    /// How many clients have received the text looked for.
    var reached: Int { lock.withLock { found.filter { $0 }.count } }

    /// Stops reading (the connections stay open until released).
    func stop() { lock.withLock { isStopped = true } }

    private func readAll() {
        var descriptors = connections.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
        var buffer = [UInt8](repeating: 0, count: 262_144)
        while !lock.withLock({ isStopped }) {
            guard unsafe poll(&descriptors, nfds_t(descriptors.count), 100) > 0 else { continue }
            for index in descriptors.indices where descriptors[index].revents != 0 {
                let count = unsafe recv(descriptors[index].fd, &buffer, buffer.count, 0)
                if count <= 0 {
                    descriptors[index].fd = -1  // closed: poll ignores it from now on
                    continue
                }
                lock.withLock { scan(buffer[..<count], of: index) }
            }
        }
    }

    /// Searches the client's last bytes and `chunk` for the marker (it may straddle two reads). Under `lock`.
    private func scan(_ chunk: ArraySlice<UInt8>, of index: Int) {
        guard !found[index], !marker.isEmpty else { return }
        var window = tails[index]
        window.append(contentsOf: chunk)
        let hit = unsafe window.withUnsafeBytes { bytes in
            unsafe marker.withUnsafeBytes { unsafe Self.contains(bytes, $0) }
        }
        found[index] = hit
        tails[index] = window.suffix(marker.count)
    }

    /// Whether `needle` occurs in `haystack`: `memchr` for its first byte, then `memcmp`
    /// (glibc's `memmem` is not in Swift's Glibc module), fast enough for 500 streams.
    private static func contains(_ haystack: UnsafeRawBufferPointer, _ needle: UnsafeRawBufferPointer) -> Bool {
        guard let base = haystack.baseAddress, let start = needle.baseAddress, let first = unsafe needle.first,
            haystack.count >= needle.count
        else {
            return false
        }
        var offset = 0
        while offset + needle.count <= haystack.count {
            guard let found = unsafe memchr(base + offset, Int32(first), haystack.count - offset - needle.count + 1)
            else {
                return false
            }
            let at = Int(bitPattern: found) - Int(bitPattern: base)
            if unsafe memcmp(base + at, start, needle.count) == 0 { return true }
            offset = at + 1
        }
        return false
    }
}
