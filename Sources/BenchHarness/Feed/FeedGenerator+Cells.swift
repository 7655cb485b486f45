import Foundation
import TextEngine

// The two kinds of cell, drawn from a cell's random stream in a fixed order (changing the order changes
// every feed: the README's numbers and the tests' expectations depend on it).

extension FeedGenerator {
    /// Photo cell draws: user name, location share (+ length), time, likes, caption length, comment count,
    /// then per shown comment the commenter's name and the comment's length; then the update's time step and
    /// new likes.
    func photoModel(index: Int, _ random: inout FeedRandom) -> FeedPhotoModel {
        let regular = FeedText.photoRegular
        let userNameText = FeedText.handle(length: self.userName.draw(&random), &random)
        let locationText = locations.draw(&random)
            ? FeedText.title(length: self.location.draw(&random), commas: true, &random) : nil
        let age = FeedText.age(&random)
        let likes = self.likeCount.draw(&random)
        let captionLength = self.caption.draw(&random)
        let captionText = captionLength == 0 ? nil : FeedText.sentence(length: captionLength, &random)
        let commentTotal = self.commentCount.draw(&random)
        let shown = Swift.min(commentTotal, FeedPhotoModel.inlineComments)
        var comments: [AttributedText] = []
        for _ in 0..<shown {
            let commenter = FeedText.handle(length: self.userName.draw(&random), &random)
            let text = FeedText.sentence(length: self.commentLength.draw(&random), &random)
            comments.append(AttributedText([(commenter, FeedText.photoBold), (" " + text, regular)]))
        }
        let newLikes = likes + 1 + random.below(20)

        return FeedPhotoModel(
            avatarURL: URL(string: "https://loom.invalid/avatar/\(index).jpg")!,
            photoURL: URL(string: "https://loom.invalid/photo/\(index).jpg")!,
            userName: AttributedText(userNameText, attributes: FeedText.photoBold),
            location: locationText.map { AttributedText($0, attributes: regular) },
            time: AttributedText("\(age.value)\(age.unit)", attributes: regular),
            likes: AttributedText(FeedText.likes(likes), attributes: regular),
            caption: captionText.map { AttributedText($0, attributes: regular) },
            commentCount: commentTotal,
            viewAllComments: commentTotal > shown ? AttributedText(FeedText.viewAll(commentTotal), attributes: regular) : nil,
            comments: comments,
            updatedTime: AttributedText("\(age.value + 1)\(age.unit)", attributes: regular),
            updatedLikes: AttributedText(FeedText.likes(newLikes), attributes: regular))
    }

    /// Feed item draws: action, poster name, headline, time, poster comment, content title, domain, actor
    /// comment, then the update's action text (same length, new words).
    func itemModel(index: Int, _ random: inout FeedRandom) -> FeedItemModel {
        let regular = FeedText.itemRegular
        let actionLength = self.action.draw(&random)
        let actionText = FeedText.sentence(length: actionLength, &random)
        let name = FeedText.title(length: self.posterName.draw(&random), commas: false, &random)
        let headline = FeedText.sentence(length: self.posterHeadline.draw(&random), &random)
        let age = FeedText.age(&random)
        let posterText = FeedText.sentence(length: self.posterComment.draw(&random), &random)
        let title = FeedText.sentence(length: self.contentTitle.draw(&random), &random)
        let domain = FeedText.domain(length: self.contentDomain.draw(&random), &random)
        let actorText = FeedText.sentence(length: self.actorComment.draw(&random), &random)
        let updatedAction = FeedText.sentence(length: actionLength, &random)

        func text(_ string: String, _ attributes: TextAttributes = regular) -> AttributedText {
            AttributedText(string, attributes: attributes)
        }
        return FeedItemModel(
            actionText: text(actionText), options: text("..."),
            posterImageURL: URL(string: "https://loom.invalid/poster/\(index).jpg")!,
            posterName: text(name, FeedText.itemBold), posterHeadline: text(headline),
            posterTime: text("\(age.value)\(age.unit)"), posterComment: text(posterText),
            contentImageURL: URL(string: "https://loom.invalid/content/\(index).jpg")!,
            contentTitle: text(title, FeedText.itemBold), contentDomain: text(domain),
            like: text("Like"), comment: text("Comment"), share: text("Share"),
            actorImageURL: URL(string: "https://loom.invalid/actor/\(index).jpg")!,
            actorComment: text(actorText),
            updatedActionText: text(updatedAction), updatedPosterTime: text("\(age.value + 1)\(age.unit)"))
    }
}
