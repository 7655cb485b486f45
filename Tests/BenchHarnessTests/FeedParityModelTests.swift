import Testing
@testable import BenchHarness

/// The feed-parity generator and text measure, against values computed independently (Python, 32-bit
/// masks) from the format's definition.
@Suite struct FeedParityModelTests {
    @Test func hashesAndLengthsMatchTheFormula() {
        let generator = FeedParityGenerator(seed: 12345)
        let expected: [(Int, UInt32, Int, Int, Int)] = [
            (0, 0x912e_fcf7, 9, 17, 186),
            (1, 0xa891_46a1, 7, 11, 173),
            (2, 0xac70_8190, 14, 30, 164),
            (999, 0xd236_aa73, 9, 55, 34),
            (4_294_967_301, 0xc782_d01a, 8, 53, 94),  // i is taken modulo 2³²
        ]
        for (index, hash, name, location, comments) in expected {
            #expect(generator.hash(index: index) == hash, "cell \(index)")
            #expect(generator.cell(index: index) == FeedParityCellModel(
                index: index, userNameLength: name, locationLength: location, commentsLength: comments))
        }
    }

    @Test func sameSeedSameFeedOtherSeedOtherFeed() {
        let a = FeedParityGenerator(seed: 1).feed(count: 200)
        #expect(a == FeedParityGenerator(seed: 1).feed(count: 200))
        #expect(a != FeedParityGenerator(seed: 2).feed(count: 200))
    }

    @Test func lengthsStayInsideTheirDistributions() {
        for model in FeedParityGenerator().feed(count: 5000) {
            #expect((6...17).contains(model.userNameLength))
            #expect((5...60).contains(model.locationLength))
            #expect((20...219).contains(model.commentsLength))
        }
    }

    @Test func syntheticTextMeasure() {
        // Infinite width: one line of chars × 7.
        #expect(SyntheticText.size(characters: 10, availableWidth: .infinity) == (70, 17))
        // Fits: its own width, one line.
        #expect(SyntheticText.size(characters: 10, availableWidth: 100) == (70, 17))
        // Exactly fits.
        #expect(SyntheticText.size(characters: 10, availableWidth: 70) == (70, 17))
        // Wraps: the available width, ceil(70 / 30) = 3 lines.
        #expect(SyntheticText.size(characters: 10, availableWidth: 30) == (30, 51))
    }
}
