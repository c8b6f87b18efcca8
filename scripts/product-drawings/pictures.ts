/** Every product picture: which brand's images folder it goes to, its file stem and its SVG. */
import {
  psio4Front,
  psio4Rear,
  va100Front,
  va100Rear,
  va200Front,
  va200Rear,
  va300Front,
  va300Rear,
} from './boxes';
import { multiplexers, muxFront, muxRear } from './multiplexers';
import { recorderFront, recorderRear, recorders } from './recorders';
import {
  plateCamera,
  plateSightLiteScreen,
  plateSightProDashboard,
  scoutReaddress,
  scoutScan,
} from './software';

export interface ProductPicture {
  brand: 'dvr' | 'nvr' | 'voice' | 'anpr' | 'multiplexer' | 'ipcam';
  stem: string;
  svg: string;
}

export function productPictures(): ProductPicture[] {
  const pictures: ProductPicture[] = [];
  for (const [key, recorder] of Object.entries(recorders)) {
    pictures.push({ brand: recorder.kind, stem: `${key}-front`, svg: recorderFront(recorder) });
    pictures.push({ brand: recorder.kind, stem: `${key}-rear`, svg: recorderRear(recorder) });
  }
  for (const [key, mux] of Object.entries(multiplexers)) {
    pictures.push({ brand: 'multiplexer', stem: `${key}-front`, svg: muxFront(mux) });
    pictures.push({ brand: 'multiplexer', stem: `${key}-rear`, svg: muxRear(mux) });
  }
  pictures.push(
    { brand: 'voice', stem: 'va-100-front', svg: va100Front() },
    { brand: 'voice', stem: 'va-100-rear', svg: va100Rear() },
    { brand: 'voice', stem: 'va-200-front', svg: va200Front() },
    { brand: 'voice', stem: 'va-200-rear', svg: va200Rear() },
    { brand: 'voice', stem: 'va-300-front', svg: va300Front() },
    { brand: 'voice', stem: 'va-300-rear', svg: va300Rear() },
    { brand: 'anpr', stem: 'ps-io4-front', svg: psio4Front() },
    { brand: 'anpr', stem: 'ps-io4-rear', svg: psio4Rear() },
    { brand: 'anpr', stem: 'platesight-lite-screen', svg: plateSightLiteScreen() },
    { brand: 'anpr', stem: 'platesight-pro-dashboard', svg: plateSightProDashboard() },
    { brand: 'anpr', stem: 'platesight-camera', svg: plateCamera() },
    { brand: 'ipcam', stem: 'ipcam-scout-scan', svg: scoutScan() },
    { brand: 'ipcam', stem: 'ipcam-scout-readdress', svg: scoutReaddress() },
  );
  return pictures;
}
