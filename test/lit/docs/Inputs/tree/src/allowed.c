/* An old name the allowlist permits, resolved and checked: IR.md §1 and
 * §10.9, and one whose new document is missing: ARCHITECTURE §4. */
int allowed;
