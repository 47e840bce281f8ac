// Contracts of the deals work (issue 13): deal-models. Each area's schemas live in its own file.
export {};
