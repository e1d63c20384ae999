// How the web app names a person: the server's display name (the nickname, else the student
// record's name, else the e-mail's local part: docs/design.md "Display names"), never a rule
// of its own. A module of its own so that the frame names the account without loading MUI.

/** Anyone the API names. */
export interface Named {
  display_name: string;
}

export const displayName = (person: Named) => person.display_name;
