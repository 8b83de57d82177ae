import Tributary

extension HTTPResponse {
    /// The response with its body inflated when it came gzip- or zlib-compressed without a
    /// `Content-Encoding`, within the cap of `limits` (feeds.json `maxResponseMB`).
    func inflated(within limits: TransferLimits) throws -> HTTPResponse {
        var response = self
        response.body = try Decompression.inflateIfCompressed(body, limit: limits.maxBodySize)
        return response
    }
}
