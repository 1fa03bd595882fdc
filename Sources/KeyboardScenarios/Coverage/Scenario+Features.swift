import KeyboardTrace

extension Scenario {
    /// The labels of the scenario's setting, whatever its actions: its
    /// era, device family and window placement (and a window the user
    /// placed and sized); the inset-adjustment
    /// behaviour (from iOS 11, which has it); the app's own inset and bars;
    /// a distance in the policy; a start in landscape; a bottom safe area.
    /// The actions' labels are ``ScenarioSimulator/features``.
    package var settingFeatures: ScenarioFeatures { settingFeatures(header: ScenarioSimulator(self).header()) }

    /// ``settingFeatures`` given the header the scenario starts from (the
    /// generator has it already).
    package func settingFeatures(header: TraceHeader) -> ScenarioFeatures {
        var f = ScenarioFeatures()
        f.insert(ScenarioFeature.era(profile))
        f.insert(device.family == .pad ? .pad : .phone)
        f.insert(ScenarioFeature.placement(placement))
        if let window, placement.allowsWindow(window, on: device.screen(orientation)) { f.insert(.freeWindow) }
        if SystemEra(profile: profile, version: systemVersion, family: device.family).hasInsetAdjustmentBehavior {
            f.insert(ScenarioFeature.insetAdjustment(insetAdjustment))
        }
        if contentInset != .zero { f.insert(.ownContentInset) }
        if topBar > 0 { f.insert(.barsAbove) }
        if policy.distance > 0 { f.insert(.distance) }
        if orientation.isLandscape { f.insert(.landscape) }
        if header.scrollView.safeArea.bottom > 0 { f.insert(.bottomSafeArea) }
        return f
    }
}
