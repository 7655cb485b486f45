// The one Swift runtime entry point NodeTree calls directly, declared as the C function it is.
//
// NodeTree's supernode link (DisplayNode+SupernodeLink.swift) needs a weak load's conditional retain
// without a weak reference: `swift_tryRetain` retains an object unless its deinit has started. The
// runtime exports it with C linkage (swift/Runtime/HeapObject.h: `HeapObject *swift_tryRetain(HeapObject
// *object)`, null when the object is dead). Declared here, the linker resolves it against the Swift
// runtime the program links — shared or static — with no lookup at run time that could fail.
#ifndef LOOM_SWIFT_RUNTIME_H
#define LOOM_SWIFT_RUNTIME_H

/// Retains `object` and returns it, or returns NULL without retaining once `object`'s deinit has started.
extern void *_Nullable swift_tryRetain(void *_Nonnull object);

#endif
