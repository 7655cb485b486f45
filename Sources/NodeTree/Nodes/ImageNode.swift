import Foundation
import LayoutCore
import Synchronization

// Texture's ASImageNode and ASNetworkImageNode without pixels and without networking: an image is a size
// (and a name for tests), and a network image node fetches through an injectable `ImageLoading` so
// scenarios can simulate latency and failures deterministically.

/// A UIImage stand-in: what layout needs of an image is its size.
public struct PlatformImage: Hashable, Sendable {
    public var size: Size
    public var name: String?

    public init(size: Size, name: String? = nil) {
        self.size = size
        self.name = name
    }
}

open class ImageNode: DisplayNode, @unchecked Sendable {
    let imageState = Locked<PlatformImage?>(nil)
    /// Mirrors `image != nil` (stored under `imageState`'s lock), so that measuring a node without an
    /// image loads an atomic instead of taking the lock. A measurement that reads `false` while
    /// an image is being set is ordered before that set, whose setNeedsLayout then invalidates it.
    let hasImage = Atomic<Bool>(false)

    public override init() {
        super.init()
    }

    /// The displayed image. A change of size invalidates the node's layout (setNeedsLayout).
    public var image: PlatformImage? {
        get { imageState.withLock { $0 } }
        set {
            let oldSize = imageState.withLock { current -> Size? in
                let oldSize = current?.size
                current = newValue
                hasImage.store(newValue != nil, ordering: .releasing)
                return oldSize
            }
            if oldSize != newValue?.size { setNeedsLayout() }
        }
    }

    /// Overrides only `calculateSizeThatFits` among the measuring methods: measured by the leaf path
    /// directly (LayoutMethodOverrides.swift; a subclass is not, unless it declares for itself).
    open override class var layoutMethodOverrides: LayoutMethodOverrides {
        LayoutMethodOverrides(declaredBy: ImageNode.self, [.calculateSizeThatFits])
    }

    /// The image's size when there is an image (Texture), else the default (fill a finite maximum).
    /// Set `style.preferredSize` to give the node its own size.
    open override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        if hasImage.load(ordering: .acquiring), let size = lockedImageSize() { return size }
        return super.calculateSizeThatFits(constrainedSize)
    }

    /// The image's size, under the lock. A call of its own: inlined, the lock's registers made every
    /// measurement without an image save and restore two more.
    @inline(never)
    private func lockedImageSize() -> Size? {
        imageState.withLock { $0?.size }
    }
}

// MARK: - Loading

/// Fetches images for NetworkImageNode. Implementations decide latency and failures; none does networking.
public protocol ImageLoading: Sendable {
    func loadImage(from url: URL) async throws -> PlatformImage
}

public enum ImageLoadingError: Error, Hashable, Sendable {
    /// The default loader: Loom has no network stack.
    case noNetworking(URL)
    case notFound(URL)
}

/// The default loader: fails at once, because Loom does not do networking.
public struct UnavailableImageLoader: ImageLoading {
    public init() {}
    public func loadImage(from url: URL) async throws -> PlatformImage {
        throw ImageLoadingError.noNetworking(url)
    }
}

/// A loader for scenarios and tests: waits `latency`, then returns an image of `imageSize` named after the
/// URL (or fails for URLs in `failing`).
public struct SimulatedImageLoader: ImageLoading {
    public var latency: Duration
    public var imageSize: Size
    public var failing: Set<URL>

    public init(latency: Duration = .zero, imageSize: Size = Size(width: 100, height: 100), failing: Set<URL> = []) {
        self.latency = latency
        self.imageSize = imageSize
        self.failing = failing
    }

    public func loadImage(from url: URL) async throws -> PlatformImage {
        if latency > .zero { try await Task.sleep(for: latency) }
        if failing.contains(url) { throw ImageLoadingError.notFound(url) }
        return PlatformImage(size: imageSize, name: url.absoluteString)
    }
}

public enum ImageLoadState: Hashable, Sendable {
    case idle, loading, loaded, failed
}

/// Texture's ASNetworkImageNode: shows `defaultImage` (the placeholder) until the image for `url` arrives.
/// Loading starts with `startLoading()` (Texture starts it when the node enters the preload range; interface
/// states are a later issue). A URL change resets to the placeholder and ignores a load still running for
/// the old URL.
open class NetworkImageNode: ImageNode, @unchecked Sendable {
    struct NetworkState {
        var url: URL?
        var defaultImage: PlatformImage?
        var loadState = ImageLoadState.idle
        var task: Task<Void, Never>?
    }

    let networkState = Locked(NetworkState())
    public let loader: any ImageLoading

    public init(loader: any ImageLoading = UnavailableImageLoader()) {
        self.loader = loader
        super.init()
        // A network image node is sized through its style: it has no size of its own until its image
        // arrives, after layout (as in Texture), so the node that shows it sets style.preferredSize — often
        // in its layoutSpecThatFits, during its first layout. Boxing the style now, when the cell's nodes
        // are allocated anyway, keeps that write from allocating during the first layout, whose allocations
        // are then only the layouts themselves. (A plain image node is often sized by its image or by its
        // spec, and keeps the box-on-first-write.)
        allocateStyleBox()
    }

    /// Overrides only `calculateSizeThatFits` among the measuring methods (ImageNode's): measured by the
    /// leaf path directly (LayoutMethodOverrides.swift; a subclass is not, unless it declares for itself).
    open override class var layoutMethodOverrides: LayoutMethodOverrides {
        LayoutMethodOverrides(declaredBy: NetworkImageNode.self, [.calculateSizeThatFits])
    }

    public var url: URL? {
        get { networkState.withLock { $0.url } }
        set {
            let (changed, placeholder, oldTask) = networkState.withLock { s -> (Bool, PlatformImage?, Task<Void, Never>?) in
                guard s.url != newValue else { return (false, nil, nil) }
                s.url = newValue
                s.loadState = .idle
                let task = s.task
                s.task = nil
                return (true, s.defaultImage, task)
            }
            guard changed else { return }
            oldTask?.cancel()
            image = placeholder
        }
    }

    /// The placeholder shown until the image loads (Texture's defaultImage).
    public var defaultImage: PlatformImage? {
        get { networkState.withLock { $0.defaultImage } }
        set {
            let showIt = networkState.withLock { s -> Bool in
                s.defaultImage = newValue
                return s.loadState != .loaded
            }
            if showIt { image = newValue }
        }
    }

    public var loadState: ImageLoadState { networkState.withLock { $0.loadState } }

    /// Starts loading `url` if it is set and not loading or loaded yet; returns the task (await its value
    /// to wait for the result), or nil when there is nothing to do.
    @discardableResult
    public func startLoading() -> Task<Void, Never>? {
        let url = networkState.withLock { s -> URL? in
            guard let url = s.url, s.loadState == .idle || s.loadState == .failed else { return nil }
            s.loadState = .loading
            return url
        }
        guard let url else { return nil }
        let task = Task { [loader] in
            let result: Result<PlatformImage, any Error>
            do { result = .success(try await loader.loadImage(from: url)) } catch { result = .failure(error) }
            self.finishLoading(url: url, result: result)
        }
        networkState.withLock { s in if s.url == url && s.loadState == .loading { s.task = task } }
        return task
    }

    /// Cancels a running load; the placeholder stays.
    public func cancelLoading() {
        let task = networkState.withLock { s -> Task<Void, Never>? in
            let task = s.task
            s.task = nil
            if s.loadState == .loading { s.loadState = .idle }
            return task
        }
        task?.cancel()
    }

    private func finishLoading(url: URL, result: Result<PlatformImage, any Error>) {
        let accepted = networkState.withLock { s -> Bool in
            guard s.url == url, s.loadState == .loading else { return false }  // stale or cancelled
            s.task = nil
            switch result {
            case .success: s.loadState = .loaded
            case .failure: s.loadState = .failed
            }
            return true
        }
        if accepted, case .success(let loaded) = result { image = loaded }
    }
}
