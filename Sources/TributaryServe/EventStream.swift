import Hummingbird
import Tributary

/// A `text/event-stream` response that writes each event the fanout sends it (only the
/// newest of each kind when the client falls behind), until the client leaves or the
/// server's task is cancelled.
enum EventStream {
    static func response(_ fanout: EventFanout) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
            body: ResponseBody { writer in
                let mailbox = fanout.join()
                defer { fanout.leave(mailbox) }
                while let events = await mailbox.next() {
                    for event in events { try await writer.write(event) }
                }
                try await writer.finish(nil)
            })
    }
}
