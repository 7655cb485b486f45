// The process-wide table of fonts: family names → files, files → loaded FontFaces.

/// A thread-safe registry of font families and loaded faces.
///
/// Faces are keyed by path (as given; no canonicalisation) and loaded at most once per registry: a lookup
/// takes the lock only to read the dictionary, the FreeType load itself runs outside the lock (each load has
/// its own FT_Library), and if two threads load the same file at once the first one published wins and the
/// other's copy is dropped. A failed load is remembered (`forgetFailures()` retries), so a bad path costs one
/// disk access, not one per text.
///
/// Resolution is done once per run when an `AttributedText` is built, never during measurement.
public final class FontRegistry: @unchecked Sendable {
    public static let defaultFamilyName = "DejaVu Sans"
    /// Debian's fonts-dejavu-core.
    public static let dejaVuSansPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    public static let dejaVuSansBoldPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    /// The registry AttributedText uses unless given another.
    public static let shared = FontRegistry()

    private struct FamilyKey: Hashable {
        var name: String
        var weight: FontWeight
        init(_ name: String, _ weight: FontWeight) {
            self.name = name.lowercased()
            self.weight = weight
        }
    }

    private struct State {
        var families: [FamilyKey: String] = [:]
        var faces: [String: FontFace] = [:]
        var failures: [String: FontError] = [:]
        var fallbackCount = 0
        var loadCount = 0
    }

    private let state = Locked(State())

    /// A registry with DejaVu Sans regular and bold registered (not loaded: loading happens on first use).
    public init(registerDefaults: Bool = true) {
        if registerDefaults {
            register(family: Self.defaultFamilyName, weight: .regular, path: Self.dejaVuSansPath)
            register(family: Self.defaultFamilyName, weight: .bold, path: Self.dejaVuSansBoldPath)
        }
    }

    /// Maps a family name (case-insensitive) and weight to a font file. Re-registering replaces the mapping
    /// for texts built afterwards.
    public func register(family: String, weight: FontWeight, path: String) {
        state.withLock { $0.families[FamilyKey(family, weight)] = path }
    }

    /// The face in the file at `path`, loading it on first use.
    public func face(atPath path: String) throws(FontError) -> FontFace {
        // Step 1: already loaded or already failed (under the lock, no FreeType).
        let known: Result<FontFace, FontError>? = state.withLock { s in
            if let face = s.faces[path] { return .success(face) }
            if let failure = s.failures[path] { return .failure(failure) }
            return nil
        }
        if let known { return try known.get() }

        // Step 2: load outside the lock, then publish (first publisher wins).
        do throws(FontError) {
            let loaded = try FontFace.load(path: path)
            return state.withLock { s in
                if let winner = s.faces[path] { return winner }
                s.faces[path] = loaded
                s.loadCount += 1
                return loaded
            }
        } catch {
            state.withLock { $0.failures[path] = error }
            throw error
        }
    }

    /// The face a font source names: a family's file for `weight`, or the file itself.
    public func face(for source: FontSource, weight: FontWeight) throws(FontError) -> FontFace {
        switch source {
        case .file(let path):
            return try face(atPath: path)
        case .family(let name):
            guard let path = state.withLock({ $0.families[FamilyKey(name, weight)] }) else {
                throw .unknownFamily(name: name, weight: weight)
            }
            return try face(atPath: path)
        }
    }

    /// Never fails. Tries, in order: the requested face; the same family at the other weight; the default
    /// family at the requested weight, then regular; the built-in fallback face. Every step past the first
    /// counts in `fallbackCount`, so a missing font shows up in the numbers instead of silently.
    public func resolveFace(for attributes: TextAttributes) -> FontFace {
        if let face = try? face(for: attributes.font, weight: attributes.weight) { return face }
        state.withLock { $0.fallbackCount += 1 }
        let otherWeight: FontWeight = attributes.weight == .bold ? .regular : .bold
        if case .family = attributes.font, let face = try? face(for: attributes.font, weight: otherWeight) {
            return face
        }
        if let face = try? face(for: .defaultFamily, weight: attributes.weight) { return face }
        if let face = try? face(for: .defaultFamily, weight: .regular) { return face }
        return .builtinFallback
    }

    /// How many resolutions fell back to another face.
    public var fallbackCount: Int { state.withLock { $0.fallbackCount } }

    /// How many font files were loaded (and kept) by this registry.
    public var loadedFaceCount: Int { state.withLock { $0.loadCount } }

    /// The load errors remembered so far, by path.
    public var failures: [String: FontError] { state.withLock { $0.failures } }

    /// Forget remembered load failures so the next lookup tries the file again.
    public func forgetFailures() {
        state.withLock { $0.failures.removeAll() }
    }
}
