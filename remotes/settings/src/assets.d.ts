// The build emits an imported image as a file of its own and gives its URL (`asset/resource`).
declare module '*.svg' {
  const url: string;
  export default url;
}
