// Contracts of the deals work (issue 13): realty-groups. Each area's schemas live in its own file.
export {};
