/**
 * What was dropped or picked, as a tree: files of a folder and its sub-folders. Folders dropped from the computer
 * arrive as FileSystemEntry (DataTransferItem.webkitGetAsEntry); a folder picked with the folder input arrives as
 * files with a webkitRelativePath. Both become the same tree, which is then created folder by folder.
 */
export type DroppedTree = { files: File[]; folders: { name: string; tree: DroppedTree }[] };

const emptyTree = (): DroppedTree => ({ files: [], folders: [] });

const isFile = (e: FileSystemEntry): e is FileSystemFileEntry => e.isFile;
const isDirectory = (e: FileSystemEntry): e is FileSystemDirectoryEntry => e.isDirectory;

const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/** A directory's entries: readEntries answers in batches until an empty one. */
async function childrenOf(dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = dir.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (!batch.length) return all;
    all.push(...batch);
  }
}

export async function treeOfEntries(entries: readonly FileSystemEntry[]): Promise<DroppedTree> {
  const tree = emptyTree();
  for (const entry of entries) {
    if (isFile(entry)) tree.files.push(await fileOf(entry));
    else if (isDirectory(entry))
      tree.folders.push({ name: entry.name, tree: await treeOfEntries(await childrenOf(entry)) });
  }
  return tree;
}

/** Files of a folder input: 'Obra/Planos/a.pdf' puts a.pdf in Planos inside Obra. */
export function treeOfRelativePaths(files: readonly File[]): DroppedTree {
  const root = emptyTree();
  for (const file of files) {
    const parts = (file.webkitRelativePath || file.name).split('/').filter(Boolean);
    let node = root;
    for (const name of parts.slice(0, -1)) {
      let sub = node.folders.find((f) => f.name === name);
      if (!sub) {
        sub = { name, tree: emptyTree() };
        node.folders.push(sub);
      }
      node = sub.tree;
    }
    node.files.push(file);
  }
  return root;
}

/** The entries of a drop, read while the drop event lasts (the browser empties dataTransfer afterwards). */
export function entriesOfDrop(items: DataTransferItemList | undefined): FileSystemEntry[] | undefined {
  if (!items) return undefined;
  const entries: FileSystemEntry[] = [];
  for (const item of Array.from(items)) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.();
    if (!entry) return undefined;
    entries.push(entry);
  }
  return entries.some((e) => e.isDirectory) ? entries : undefined;
}
