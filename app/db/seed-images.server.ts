/** Demo product images are generated into the uploads folder at seed time; the key names the file. */
export function demoImageKey(emoji: string) {
  return `demo/${emoji}.webp`;
}

export async function generateDemoImages() {}
