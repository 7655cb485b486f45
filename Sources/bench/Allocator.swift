#if Jemalloc
import CJemalloc
import CJemallocConfig
#endif

/// Which allocator the executable uses: jemalloc when built with the (default) Jemalloc trait, the
/// system malloc otherwise (`--disable-default-traits`, as tests under sanitizers are built).
enum Allocator {
    #if Jemalloc
    static let isJemallocLinked = true
    #else
    static let isJemallocLinked = false
    #endif

    /// jemalloc's own version string (mallctl "version"), nil without jemalloc.
    static var jemallocVersion: String? {
        readString("version")
    }

    /// jemalloc's transparent-huge-page option as it took effect (mallctl "opt.thp": "always" from bench's
    /// compiled-in options, Sources/CJemallocConfig; MALLOC_CONF can change it), nil without jemalloc.
    static var transparentHugePages: String? {
        #if Jemalloc
        _ = loom_jemalloc_options()  // keeps the options' object file, and so jemalloc's `malloc_conf`, linked
        #endif
        return readString("opt.thp")
    }

    /// A string-valued mallctl (jemalloc hands out a pointer to its own constant), nil without jemalloc.
    private static func readString(_ name: String) -> String? {
        #if Jemalloc
        var value: UnsafePointer<CChar>? = nil
        var length = MemoryLayout<UnsafePointer<CChar>?>.size
        guard mallctl(name, &value, &length, nil, 0) == 0, let value else { return nil }
        return String(cString: value)
        #else
        return nil
        #endif
    }

    /// "jemalloc 5.3.0-0-g54ea… linked" or "jemalloc not linked (built without the Jemalloc trait), system malloc".
    static var summary: String {
        guard isJemallocLinked else { return "jemalloc not linked (built without the Jemalloc trait), system malloc" }
        return "jemalloc \(jemallocVersion ?? "(version unknown)") linked"
    }
}
