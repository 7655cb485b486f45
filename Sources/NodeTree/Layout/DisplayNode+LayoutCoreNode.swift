import LayoutCore

// A node is a `LayoutNodeElement` (LayoutCore's LayoutElement.swift): a built-in spec built in a spec
// region keeps a node child as a class reference and calls it through its witness table, without
// projecting it out of an `any LayoutElement` first (LayoutCore's Memory/SpecChild.swift).
extension DisplayNode: LayoutNodeElement {}
