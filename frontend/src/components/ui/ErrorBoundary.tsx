import { Component, type ErrorInfo, type ReactNode } from 'react';
import { HTTP_MESSAGES } from '@cloud9/contracts';

interface State {
  failed: boolean;
}

interface Props {
  children: ReactNode;
  /** Shown instead of the default 'Something went wrong.' with Reload. */
  fallback?: ReactNode;
}

/** Catches render and chunk-load failures so one broken screen (or widget) never blanks the whole app. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return (
      <div className="page-body" role="alert">
        <p>{HTTP_MESSAGES.internal}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
