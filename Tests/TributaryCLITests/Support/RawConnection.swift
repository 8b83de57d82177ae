import Foundation

/// A TCP connection to 127.0.0.1 that sends and reads raw bytes, for requests no HTTP
/// library would send (two `Host` lines, an absolute-form target, half a request line)
/// and for clients that connect and never read.
final class RawConnection: @unchecked Sendable {
    enum Failure: Error { case socket(String) }

    let descriptor: Int32

    /// Connects to `127.0.0.1:port`; `receiveBuffer` shrinks the socket's receive buffer
    /// (and so turns off the kernel's autotuning), for a client that should fall behind
    /// after a few kilobytes when it does not read.
    init(port: Int, receiveBuffer: Int32? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure.socket(unsafe "socket: \(String(cString: strerror(errno)))") }
        if var size = receiveBuffer {
            unsafe setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = unsafe inet_addr("127.0.0.1")
        let connected = unsafe withUnsafePointer(to: &address) {
            unsafe $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                unsafe connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let reason = unsafe String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw Failure.socket("connect to 127.0.0.1:\(port): \(reason)")
        }
    }

    deinit { Glibc.close(descriptor) }

    /// Sends `text` as it is (write `\r\n` where HTTP wants it).
    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let written = unsafe bytes[sent...].withUnsafeBytes {
                unsafe Glibc.send(descriptor, $0.baseAddress, $0.count, 0)
            }
            guard written > 0 else { throw Failure.socket(unsafe "send: \(String(cString: strerror(errno)))") }
            sent += written
        }
    }

    /// Reads until the server closes the connection or `limit` passes, blocking the thread
    /// (call it through `offPool`); `closed` tells which.
    func readToEnd(within limit: Duration) -> (data: Data, closed: Bool) {
        read(within: limit) { _ in false }
    }

    /// Reads until `enough` holds for what was read, the server closes the connection, or
    /// `limit` passes, blocking the thread (call it through `offPool`).
    func read(within limit: Duration, until enough: (Data) -> Bool) -> (data: Data, closed: Bool) {
        var data = Data()
        let deadline = ContinuousClock.now + limit
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return (data, false) }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + 1)
            guard unsafe poll(&ready, 1, min(milliseconds, 1_000)) >= 0 else { return (data, false) }
            guard ready.revents != 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = unsafe recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { return (data, true) }
            data.append(contentsOf: buffer[..<count])
            if enough(data) { return (data, false) }
        }
    }

    /// Sends one request and reads the answer of a server that closes afterwards
    /// (the request should say `Connection: close`).
    func exchange(_ request: String, within limit: Duration = .seconds(30)) throws -> String {
        try send(request)
        return String(decoding: readToEnd(within: limit).data, as: UTF8.self)
    }
}
