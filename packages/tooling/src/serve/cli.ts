import { startComposedSite } from './composed-site';

const site = await startComposedSite();
console.log(`loofi is running at ${site.host.url}`);
console.log(
  `  remotes: home ${site.home.url}, music ${site.music.url}, settings ${site.settings.url}`,
);

const stop = () => {
  void site.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
