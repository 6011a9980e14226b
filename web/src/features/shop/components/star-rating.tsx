const STAR = '12,2 15.09,8.26 22,9.27 17,14.14 18.18,21.02 12,17.77 5.82,21.02 7,14.14 2,9.27 8.91,8.26';

/**
 * Spec §9: five stars filled by the floor of the rating, shown as X.X, or N/A
 * when unrated. One small SVG per product (the grid has dozens of them).
 */
export function StarRating({ rating }: { rating: string | null }) {
  const value = rating === null ? null : Number(rating);
  const filled = value === null ? 0 : Math.floor(value);
  return (
    <div className="flex items-center gap-1.5">
      <svg
        viewBox="0 0 136 24"
        className="h-4 w-[5.75rem]"
        role="img"
        aria-label={value === null ? 'Not rated yet' : `Rated ${value.toFixed(1)} out of 5`}
      >
        {[0, 1, 2, 3, 4].map((star) => (
          <polygon
            key={star}
            points={STAR}
            transform={`translate(${star * 28} 0)`}
            className={star < filled ? 'fill-amber-400 stroke-amber-400' : 'fill-none stroke-slate-300'}
            strokeWidth={2}
            strokeLinejoin="round"
          />
        ))}
      </svg>
      <span className="text-sm font-medium text-slate-700" aria-hidden="true">
        {value === null ? 'N/A' : value.toFixed(1)}
      </span>
    </div>
  );
}
