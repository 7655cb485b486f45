// PLACEHOLDER — replaced by the stack algorithm implementation.
enum StackLayout {
    static func layout(of spec: StackLayoutSpec, in range: SizeRange) -> Layout {
        fatalError("stack algorithm not implemented yet")
    }
}
