import './skeletons.css';
import '../layout/Layout.css';

/**
 * The signed-in shell's frame while its code loads: the header strip with the logo, the nav's place
 * and the screen's column with a few generic shapes (on phones the tab bar's strip), drawn with the shell's own classes (its CSS is
 * in the first load), so the real shell takes the same places when it arrives. The screens' own
 * skeletons (ScreenSkeletons) come with the shell's code, and this one is plain markup, to keep
 * /login's first load small.
 */
export function ShellSkeleton() {
  return (
    <div className="app-shell">
      <div className="app-header" aria-hidden="true">
        <span className="app-logo">
          <img src="/images/logo.svg" alt="" width={176} height={45} />
        </span>
      </div>
      <div className="app-columns">
        <div className="left-nav" aria-hidden="true">
          <span className="skeleton-nav" />
        </div>
        <main id="main-content" className="app-main" tabIndex={-1}>
          <div className="skeleton skeleton-screen" role="status">
            <span className="visually-hidden">Loading...</span>
            <span className="skeleton-body" aria-hidden="true">
              <span className="bone bone-line skeleton-title" />
              <span className="bone bone-block skeleton-search" />
              <span className="bone bone-block" />
              <span className="bone bone-block" />
            </span>
          </div>
        </main>
      </div>
      <div className="tab-bar" aria-hidden="true" />
    </div>
  );
}
