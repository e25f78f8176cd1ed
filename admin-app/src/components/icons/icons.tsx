import type { ReactNode, SVGProps } from 'react';

// A handful of line icons drawn inline: an icon package would add weight for a dozen glyphs.
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Svg({ size = 18, children, ...props }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** An icon component drawing the given shapes. */
const icon = (shapes: ReactNode) =>
  function Icon(p: IconProps) {
    return <Svg {...p}>{shapes}</Svg>;
  };

export const EyeIcon = icon(
  <>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);

export const EditIcon = icon(
  <>
    <path d="M4 20h4L19 9l-4-4L4 16v4z" />
    <path d="M14 6l4 4" />
  </>,
);

export const TrashIcon = icon(<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />);

export const PlusIcon = icon(<path d="M12 5v14M5 12h14" />);

export const SearchIcon = icon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </>,
);

export const CheckIcon = icon(<path d="M5 12l5 5L20 7" />);

export const CrossIcon = icon(<path d="M6 6l12 12M18 6L6 18" />);

export const CopyIcon = icon(
  <>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V6a2 2 0 0 1 2-2h9" />
  </>,
);

export const MailIcon = icon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </>,
);

export const BanIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M5.6 5.6l12.8 12.8" />
  </>,
);

export const ReportIcon = icon(
  <>
    <path d="M6 3h9l4 4v14H6z" />
    <path d="M14 3v5h5M9 13h7M9 17h5" />
  </>,
);

export const UploadIcon = icon(<path d="M12 16V4M7 9l5-5 5 5M4 20h16" />);

export const DownloadIcon = icon(<path d="M12 4v12M7 11l5 5 5-5M4 20h16" />);

export const ClockIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);

export const ChevronRightIcon = icon(<path d="M9 6l6 6-6 6" />);
