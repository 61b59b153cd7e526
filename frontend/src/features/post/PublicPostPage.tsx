import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { PostPage } from './PostPage';
import './post.css';

/**
 * A post's permalink opened signed out (a shared link): the same thread, read-only, in a plain
 * frame with a way to sign in. Loaded only on that path, so /login's first load stays as it was.
 */
export function PublicPostPage() {
  useDocumentTitle('Post');
  return (
    <div className="public-post">
      <header className="public-post-header">
        <Link to="/login" className="app-logo">
          <img src="/images/logo.svg" alt="Cloud Nine Social" width={176} height={45} />
        </Link>
        <Link to="/login" className="btn btn-primary">
          Log in
        </Link>
      </header>
      <main className="public-post-main" id="main-content">
        <PostPage />
      </main>
    </div>
  );
}
