import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MESSAGES } from '@cloud9/contracts';

interface State {
  failed: boolean;
}

/** Catches render and chunk-load failures so one broken screen never blanks the whole app. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page-body" role="alert">
        <p>{MESSAGES.profile.somethingWentWrong}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
