import LayoutCore

// PlatformView's side of the Animator (Animator.swift): the model values (frame, alpha) are the final
// values as soon as they are written; while a track runs, the *presentation* value — what the screen would
// show — is sampled from it.

/// A property animation on one view: from the value presented when it started to the model value.
struct ViewAnimationTrack<Value> {
    var from: Value
    var to: Value
    unowned let group: AnimationGroup
}

extension PlatformView {
    /// The frame on screen right now: interpolated while a frame animation runs, else `frame`.
    public var presentationFrame: Rect {
        guard let track = frameTrack else { return frame }
        let p = track.group.progress(at: track.group.animator.currentTime)
        let a = track.from, b = track.to
        return Rect(x: a.minX + (b.minX - a.minX) * p, y: a.minY + (b.minY - a.minY) * p,
                    width: a.width + (b.width - a.width) * p, height: a.height + (b.height - a.height) * p)
    }

    /// The alpha on screen right now.
    public var presentationAlpha: Double {
        guard let track = alphaTrack else { return alpha }
        let p = track.group.progress(at: track.group.animator.currentTime)
        return track.from + (track.to - track.from) * p
    }

    /// True while a frame or alpha animation runs on this view.
    public var hasRunningAnimations: Bool { frameTrack != nil || alphaTrack != nil }

    /// Stops this view's animations (their groups complete with finished = false).
    public func removeAllAnimations() {
        if let track = frameTrack {
            frameTrack = nil
            track.group.trackInterrupted()
        }
        if let track = alphaTrack {
            alphaTrack = nil
            track.group.trackInterrupted()
        }
    }

    // MARK: - Recording (called by the property setters)

    /// Before a geometry write: what is presented now, if an animation is recording or running (nil
    /// otherwise, so plain writes cost nothing more).
    func geometryWillChange() -> Rect? {
        guard Animator.recordingGroup != nil || frameTrack != nil else { return nil }
        return presentationFrame
    }

    /// After a geometry write: inside an animations block, a track from the presented frame to the new one;
    /// outside, a running track to a different frame is cut (the view jumps to the model frame).
    func geometryDidChange(presentedBefore: Rect?) {
        guard let before = presentedBefore else { return }
        if let group = Animator.recordingGroup {
            if frameTrack?.group === group {
                frameTrack?.to = frame  // written twice in one block: one track, to the last value
                return
            }
            frameTrack?.group.trackInterrupted()
            frameTrack = ViewAnimationTrack(from: before, to: frame, group: group)
            group.trackAdded(to: self)
        } else if let track = frameTrack, track.to != frame {
            frameTrack = nil
            track.group.trackInterrupted()
        }
    }

    func alphaWillChange() -> Double? {
        guard Animator.recordingGroup != nil || alphaTrack != nil else { return nil }
        return presentationAlpha
    }

    func alphaDidChange(presentedBefore: Double?) {
        guard let before = presentedBefore else { return }
        if let group = Animator.recordingGroup {
            if alphaTrack?.group === group {
                alphaTrack?.to = alpha
                return
            }
            alphaTrack?.group.trackInterrupted()
            alphaTrack = ViewAnimationTrack(from: before, to: alpha, group: group)
            group.trackAdded(to: self)
        } else if let track = alphaTrack, track.to != alpha {
            alphaTrack = nil
            track.group.trackInterrupted()
        }
    }

    /// The group completed: its tracks end (tracks of newer groups stay).
    func removeTracks(of group: AnimationGroup) {
        if frameTrack?.group === group { frameTrack = nil }
        if alphaTrack?.group === group { alphaTrack = nil }
    }
}
