/** The parts of an account the signature is made from. */
export interface NamedPerson {
  authorName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * The name a person's published stories and books are signed with: the author name chosen
 * in Settings, else their first and last name, else none. The one rule wherever the app
 * names a person: the public page, the book exports, the publish card that says it before
 * anything is published, the greeting of the e-mails sent to them, the story writer's
 * third person and what a co-author sees as the story's owner.
 */
export function signatureName(person: NamedPerson): string | null {
  const author = person.authorName?.trim();
  if (author) return author;
  return fullNameOf(person);
}

/** First and last name, or null when the account has neither. */
export function fullNameOf(person: NamedPerson): string | null {
  const name = [person.firstName?.trim(), person.lastName?.trim()].filter(Boolean).join(' ');
  return name || null;
}
