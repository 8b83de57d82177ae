import Hummingbird
import Tributary

/// A `text/event-stream` response that writes each event as the signal sends it, until
/// the client leaves or the server's task is cancelled.
enum EventStream {
    static func response(_ events: Signal<String>) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
            body: ResponseBody { writer in
                for try await event in events { try await writer.write(ByteBuffer(string: event)) }
                try await writer.finish(nil)
            })
    }
}
