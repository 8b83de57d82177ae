import Foundation
import HTTPTypes
import Hummingbird

/// Google Reader's answers as FreshRSS gives them: JSON (slashes unescaped), plain text
/// (`OK` for a change, the tokens), and errors as a line of plain text.
enum GoogleReaderResponse {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    static func json(_ value: some Encodable) throws -> Response {
        var data = try encoder.encode(value)
        data.append(0x0A)
        return body(data, type: "application/json; charset=UTF-8")
    }

    /// JSON written by hand (`GoogleReaderStreamJSON`).
    static func json(bytes: [UInt8]) -> Response { body(Data(bytes), type: "application/json; charset=UTF-8") }

    static func text(_ text: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        body(Data(text.utf8), type: "text/plain; charset=UTF-8", status: status, headers: headers)
    }

    static func atom(_ xml: String) -> Response { body(Data(xml.utf8), type: "application/atom+xml; charset=UTF-8") }

    /// `OK`, with no line end: what newsboat compares the answer of a change with.
    static func ok() -> Response { text("OK") }

    static func unauthorized(badToken: Bool = false) -> Response {
        text(
            "Unauthorized!\n", status: .unauthorized,
            headers: badToken ? [HTTPField.Name("Google-Bad-Token")!: "true"] : [:])
    }

    static func notFound() -> Response { text("Not Found!\n", status: .notFound) }
    static func badRequest(_ reason: String) -> Response { text("Bad Request! \(reason)\n", status: .badRequest) }

    private static func body(
        _ data: Data, type: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]
    ) -> Response {
        var fields: HTTPFields = [.contentType: type, .cacheControl: "no-store"]
        fields.append(contentsOf: headers)
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
