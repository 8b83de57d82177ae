import Foundation
import HTTPTypes
import Hummingbird

/// Miniflux's answers: JSON bodies, `204 No Content` for a change, and errors as
/// `{"error_message": "…"}` with the status Miniflux gives.
enum MinifluxResponse {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try encoder.encode(value)
        return Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func noContent() -> Response {
        Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }

    static func error(_ message: String, status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        struct Failure: Encodable { var errorMessage: String }
        var fields: HTTPFields = [.contentType: "application/json", .cacheControl: "no-store"]
        fields.append(contentsOf: headers)
        let data = (try? encoder.encode(Failure(errorMessage: message))) ?? Data()
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func notFound() -> Response { error("Resource not found", status: .notFound) }
    static func badRequest(_ message: String) -> Response { error(message, status: .badRequest) }
}
