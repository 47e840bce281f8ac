// Contracts of the deals work (issue 13): claims. Each area's schemas live in its own file.
export {};
