; Inno Setup 6 script: a per-user installer for the Windows one-folder bundle.
;
;   .venv\Scripts\pyinstaller --noconfirm packaging\rackwright.spec
;   ISCC.exe packaging\windows\rackwright.iss        (-> dist\rackwright-VERSION-setup.exe)
;
; Installs dist\rackwright\ for the current user only (no administrator rights:
; %LOCALAPPDATA%\Programs\Rackwright), a Start-menu entry, and the .rackplan file type in
; HKEY_CURRENT_USER\Software\Classes (Rackwright.Plan, opened with rackwright.exe "%1", the
; icon from the executable); uninstalling removes them. Paths are relative to this file.
; The version is read from rackwright.exe's version resource, which the spec wrote from
; planner.__version__ (packaging/windows/version_info.py), so installer and program agree;
; /DAppVersion=X overrides the displayed version. Needs Inno Setup 6.3 or newer (x64compatible).
; Checked by tests/test_distribution.py (present, well-formed, every file it names exists);
; not compiled or run here (docs/packaging.md).

#define AppExe AddBackslash(SourcePath) + "..\..\dist\rackwright\rackwright.exe"
#if !FileExists(AppExe)
  #error dist\rackwright\rackwright.exe not found: build the bundle first (pyinstaller packaging\rackwright.spec)
#endif
#ifndef AppVersion
  #define AppVersion GetStringFileInfo(AppExe, "ProductVersion")
#endif
#if AppVersion == ""
  #error dist\rackwright\rackwright.exe has no version resource (packaging\rackwright.spec writes one)
#endif
#define AppNumericVersion GetVersionNumbersString(AppExe)

[Setup]
AppId={{6F3B2C0E-3F5A-4E59-9A53-2E7C1B9D4A10}
AppName=Rackwright
AppVersion={#AppVersion}
AppVerName=Rackwright {#AppVersion}
AppPublisher=Rackwright developers
VersionInfoVersion={#AppNumericVersion}
VersionInfoProductTextVersion={#AppVersion}
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
