#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// The advisory lock (`state.sqlite.hooks.lock`, beside the store) a run holds while it
/// gives hooks their items, so that two runs at once never both send what waits: the
/// second finds it taken and leaves the items to the next run. It dies with the process,
/// SIGKILL included.
final class DeliveryLock {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// What taking the lock found.
    enum Taking {
        case taken(DeliveryLock)
        /// Another run holds it.
        case busy
        /// The lock file cannot be opened (nor, then, the store written): go on without it.
        case unavailable
    }

    /// Takes `state.sqlite.NAME.lock`: `hooks` for the hooks, `mail` for `digest --mail`.
    static func take(beside store: URL, name: String = "hooks") -> Taking {
        let descriptor = unsafe open(store.path + ".\(name).lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return .unavailable }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return .busy
        }
        return .taken(DeliveryLock(descriptor: descriptor))
    }
}
