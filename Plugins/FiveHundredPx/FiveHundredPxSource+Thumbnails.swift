import Tributary

extension FiveHundredPxSource {
    /// The photos first; then, when the run embeds images, the same photos again with
    /// their thumbnails downloaded, as the FRP gallery filled its cells once
    /// `thumbnailData` arrived. Downloads go through the host's `ThumbnailFetcher`
    /// (shared client, size cap, bounded concurrency); a failed one stays a link.
    public func signal(in context: SourceContext) -> Signal<SourceUpdate> {
        guard let thumbnails = context.thumbnails else { return requestSignal(in: context) }
        return Signal { subscriber in
            for try await update in requestSignal(in: context) {
                subscriber.send(update)
                subscriber.send(await Self.withThumbnails(update, from: thumbnails))
            }
        }
    }

    static func withThumbnails(_ update: SourceUpdate, from fetcher: ThumbnailFetcher) async -> SourceUpdate {
        let downloaded = await fetcher.dataURIs(for: update.items.compactMap(\.thumbnail))
        var filled = update
        filled.items = update.items.map { item in
            var item = item
            item.thumbnailData = item.thumbnail.flatMap { downloaded[$0] }
            return item
        }
        filled.diagnostics.append("thumbnails: \(downloaded.count) of \(update.items.count) downloaded")
        return filled
    }
}
