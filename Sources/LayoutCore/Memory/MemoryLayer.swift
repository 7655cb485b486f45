// LayoutCore's memory layer: where its raw pointers live, behind the small API the specs and the stack call.
//
// A folder of LayoutCore, not a module of its own: the specs and the stack algorithm call this layer on
// every spec built and every child measured, and inside one module whole-module optimization inlines and
// specializes those calls with no `@inlinable` surface to keep in step; a module would also have to export
// the layer's pointers to LayoutCore as `package` API, which NodeTree could then reach too. The boundary
// is kept by review, not by the compiler: the specs (Specs/) and the stack (Stack/) reach their fields,
// styles, children and working items only through this layer's reference types, and name no unsafe type.
// Outside this folder, what still names one is the engine's style-address hook
// (LayoutElement+EngineHooks.swift): `grep -l -E 'unsafe|Unsafe' Sources/LayoutCore` lists it.
//
// What lives here, and the API the rest of LayoutCore calls:
//
//   MemoryGuard.swift            `memoryGuard`: the checks that stand between a caller and memory it must
//                                not touch, on in every build.
//   SpecSlab.swift               chunked slots with generation words (fill, truncate to a mark).
//   SpecArena.swift              one arena per thread (its thread-local, its slabs, its generation) and
//   SpecArena+Regions.swift      spec regions: `LayoutSpecRegion.with { … }` (public), open/close, marks.
//   SpecStorage.swift            a spec's three-word handle on its fields (arena slot or heap box), copy
//   SpecStorage+Style.swift      on write, the live check; a spec's own style made on first mutation;
//   StoredLayoutSpec.swift       what every built-in spec shares: the style, Texture's entry points and
//                                the engine hooks, answered from its storage.
//   SpecFieldsReference.swift    `SpecFieldsReference<Fields>`, `SpecStyleReference`: fields and styles as
//                                the specs read and write them (member access, no pointer in their code).
//   SingleChildSpecStorage.swift the storage of a spec with one child and one parameter (inset, ratio,
//                                relative, center).
//   ManyChildSpecStorage.swift   the storage of a spec with a run of children and one parameter (overlay,
//                                background, corner, absolute, wrapper).
//   SpecChildren.swift           the run of children of a spec with many (a stack), and how it is written.
//   SpecChild.swift              a spec's child: a kind and an address (a spec of the region, a node, an
//   SpecChild+Layout.swift       element), and the calls on it by kind.
//   SpecChildRuns.swift          the chunks those runs are cut from in a region.
//   TemporaryItems.swift         the stack's working items for one layout, and a style read in place.
//   LayoutScratch*.swift         the records one layout is written into, appended and flattened.
//   LayoutScratchPool.swift      the calling thread's scratches, one per nesting level (package API:
//                                NodeTree lays out each node's spec in one).
//   ThreadOwnedValue.swift       the per-thread cell behind the pool and the arena, freed at thread exit.
//
// Each file opens with its invariants: what may point where, for how long, and what checks it — in debug
// builds (`assert`) and in every build (`memoryGuard`, MemoryGuard.swift).
