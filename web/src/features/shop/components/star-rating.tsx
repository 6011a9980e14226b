import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Spec §9: five stars filled by the floor of the rating, shown as X.X, or N/A when unrated. */
export function StarRating({ rating }: { rating: string | null }) {
  const value = rating === null ? null : Number(rating);
  const filled = value === null ? 0 : Math.floor(value);
  return (
    <div className="flex items-center gap-1.5">
      <span
        role="img"
        aria-label={value === null ? 'Not rated yet' : `Rated ${value.toFixed(1)} out of 5`}
        className="flex"
      >
        {[1, 2, 3, 4, 5].map((star) => (
          <Star
            key={star}
            aria-hidden="true"
            className={cn('h-4 w-4', star <= filled ? 'fill-amber-400 text-amber-400' : 'fill-none text-slate-300')}
          />
        ))}
      </span>
      <span className="text-sm font-medium text-slate-700" aria-hidden="true">
        {value === null ? 'N/A' : value.toFixed(1)}
      </span>
    </div>
  );
}
