/// `UIViewController`: a root view, loaded on first use (`loadView`, then
/// `viewDidLoad`), whose next responder is the controller.
@MainActor
open class UIViewController: UIResponder {
    private var loadedView: UIView?

    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    public required init?(coder: NSCoder) {
        super.init()
    }

    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                viewDidLoad()
            }
            return loadedView
        }
        set {
            loadedView?.viewController = nil
            loadedView = newValue
            newValue?.viewController = self
        }
    }

    open func loadView() { view = UIView(frame: UIScreen.main.bounds) }

    open func viewDidLoad() {}

    open override var next: UIResponder? { loadedView?.superview }
}

/// `UITableViewController`: its view is its table view.
@MainActor
open class UITableViewController: UIViewController {
    private let style: UITableView.Style

    public init(style: UITableView.Style) {
        self.style = style
        super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
    }

    open override func loadView() { view = UITableView(frame: UIScreen.main.bounds, style: style) }

    open var tableView: UITableView! {
        get { view as? UITableView }
        set { view = newValue }
    }
}

/// `UITableView`: a scroll view (its cells are not modelled).
@MainActor
open class UITableView: UIScrollView {
    public enum Style: Int, Sendable {
        case plain, grouped, insetGrouped
    }

    public let style: Style

    public override init(frame: CGRect) {
        style = .plain
        super.init(frame: frame)
    }

    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
    }
}
