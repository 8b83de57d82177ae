import Foundation
import NIOCore

/// Server-Sent Events for every event-stream client, each event rendered once and its
/// bytes shared by all (a `ByteBuffer` is copied on write, and nothing writes to these).
/// A client that falls behind is not queued for: its mailbox keeps only the newest event
/// of each kind, so when it can write again it gets the latest digest, not every one it
/// missed, and a client that never reads costs one mailbox, whatever the digest's size.
final class EventFanout: @unchecked Sendable {
    private let lock = NSLock()
    /// The newest event of each kind, given to each new client first. Under `lock`.
    private var newest: [String: ByteBuffer] = [:]
    /// Under `lock`.
    private var mailboxes: [ObjectIdentifier: EventMailbox] = [:]

    /// Sends the event `bytes` of `kind` (`digest`, `refresh`) to every client, in place of
    /// any event of that kind it has not yet written; an event the same as the last one
    /// of its kind is not sent again.
    func publish(_ kind: String, _ bytes: ByteBuffer) {
        lock.withLock {
            guard newest[kind] != bytes else { return }
            newest[kind] = bytes
            for mailbox in mailboxes.values { mailbox.put(kind, bytes) }
        }
    }

    /// A mailbox holding the newest event of each kind, then every later one, until
    /// `leave` is called.
    func join() -> EventMailbox {
        let mailbox = EventMailbox()
        lock.withLock {
            for (kind, bytes) in newest.sorted(by: { $0.key < $1.key }) { mailbox.put(kind, bytes) }
            mailboxes[ObjectIdentifier(mailbox)] = mailbox
        }
        return mailbox
    }

    /// Stops sending to `mailbox`.
    func leave(_ mailbox: EventMailbox) {
        _ = lock.withLock { mailboxes.removeValue(forKey: ObjectIdentifier(mailbox)) }
    }
}

/// One client's events not yet written: at most one of each kind, in the order they came.
final class EventMailbox: @unchecked Sendable {
    private let lock = NSLock()
    /// Under `lock`.
    private var pending: [(kind: String, bytes: ByteBuffer)] = []
    /// The client's task waiting in `next`, under `lock`.
    private var waiter: CheckedContinuation<[ByteBuffer]?, Never>?
    /// Set once the waiting task is cancelled, under `lock`.
    private var isClosed = false

    /// Keeps `bytes` as the next event of `kind`, dropping one of that kind still pending.
    func put(_ kind: String, _ bytes: ByteBuffer) {
        let resumed: (CheckedContinuation<[ByteBuffer]?, Never>, [ByteBuffer])? = lock.withLock {
            pending.removeAll { $0.kind == kind }
            pending.append((kind, bytes))
            guard let waiter else { return nil }
            self.waiter = nil
            defer { pending = [] }
            return (waiter, pending.map(\.bytes))
        }
        resumed.map { $0.0.resume(returning: $0.1) }
    }

    /// The pending events, waiting for one when there are none; nil once the task is cancelled.
    func next() async -> [ByteBuffer]? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready: [ByteBuffer]?? = lock.withLock {
                    if isClosed { return .some(nil) }
                    guard pending.isEmpty else {
                        defer { pending = [] }
                        return pending.map(\.bytes)
                    }
                    waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let waiting = lock.withLock {
                isClosed = true
                defer { waiter = nil }
                return waiter
            }
            waiting?.resume(returning: nil)
        }
    }
}
