// Contracts of the deals work (issue 13): close-of-business. Each area's schemas live in its own file.
export {};
