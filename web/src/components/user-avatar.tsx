import type { User } from '@snapnotes/contracts';
import { cn, getInitials } from '../lib/utils.js';
import { Avatar, AvatarFallback, AvatarImage } from './ui/avatar.js';

/** The user's photo, or their initials while it loads or when there is none. */
export function UserAvatar({ user, className }: { user: User; className?: string }) {
  const name = user.displayName || user.username;
  return (
    <Avatar className={cn('size-9', className)}>
      {user.photoURL ? <AvatarImage src={user.photoURL} alt="" /> : null}
      <AvatarFallback>{getInitials(user.displayName, user.email) || name.slice(0, 1)}</AvatarFallback>
    </Avatar>
  );
}
