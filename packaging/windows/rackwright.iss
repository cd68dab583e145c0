; Inno Setup 6 script: a per-user installer for the Windows one-folder bundle.
;
;   .venv\Scripts\pyinstaller --noconfirm packaging\rackwright.spec
;   iscc /DAppVersion=0.1.0 packaging\windows\rackwright.iss   (-> dist\rackwright-0.1.0-setup.exe)
;
; Installs dist\rackwright\ for the current user only (no administrator rights:
; %LOCALAPPDATA%\Programs\Rackwright), a Start-menu entry, and the .rackplan file type in
; HKEY_CURRENT_USER\Software\Classes (Rackwright.Plan, opened with rackwright.exe "%1", the
; icon from the executable); uninstalling removes them. Paths are relative to this file.
; Checked by tests/test_distribution.py (present, well-formed, every file it names exists);
; not compiled or run here (docs/packaging.md).

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif

[Setup]
AppId={{6F3B2C0E-3F5A-4E59-9A53-2E7C1B9D4A10}
AppName=Rackwright
AppVersion={#AppVersion}
AppVerName=Rackwright {#AppVersion}
AppPublisher=Rackwright developers
VersionInfoVersion={#AppVersion}
DefaultDirName={autopf}\Rackwright
DefaultGroupName=Rackwright
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=..\..\dist
OutputBaseFilename=rackwright-{#AppVersion}-setup
SetupIconFile=..\..\resources\icons\rackwright.ico
UninstallDisplayIcon={app}\rackwright.exe
UninstallDisplayName=Rackwright
ChangesAssociations=yes
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "..\..\dist\rackwright\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Rackwright"; Filename: "{app}\rackwright.exe"; Comment: "Plan AI/GPU datacenter builds"
Name: "{autodesktop}\Rackwright"; Filename: "{app}\rackwright.exe"; Tasks: desktopicon

[Registry]
; HKA is HKEY_CURRENT_USER in a per-user install
Root: HKA; Subkey: "Software\Classes\.rackplan"; ValueType: string; ValueName: ""; ValueData: "Rackwright.Plan"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.rackplan"; ValueType: string; ValueName: "Content Type"; ValueData: "application/x-rackwright-plan"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.rackplan\OpenWithProgids"; ValueType: string; ValueName: "Rackwright.Plan"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\Rackwright.Plan"; ValueType: string; ValueName: ""; ValueData: "Rackwright plan"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Rackwright.Plan\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\rackwright.exe,0"
Root: HKA; Subkey: "Software\Classes\Rackwright.Plan\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\rackwright.exe"" ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\rackwright.exe\SupportedTypes"; ValueType: string; ValueName: ".rackplan"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\rackwright.exe"; Description: "{cm:LaunchProgram,Rackwright}"; Flags: nowait postinstall skipifsilent
