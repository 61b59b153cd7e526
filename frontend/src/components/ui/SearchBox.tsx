import './SearchBox.css';

interface SearchBoxProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** The page's search box; `data-page-search` lets the nav's Search button focus it. */
export function SearchBox({ label, placeholder, value, onChange }: SearchBoxProps) {
  return (
    <div className="search-box" role="search">
      <svg className="search-box-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M10 3a7 7 0 0 1 5.6 11.2l4.6 4.6-1.4 1.4-4.6-4.6A7 7 0 1 1 10 3m0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10" fill="currentColor" />
      </svg>
      <input
        type="search"
        className="search-box-input"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-page-search=""
      />
    </div>
  );
}
