BCJF
С:>
\Ёu+ЯФ;D;D;DєlІгze?mҐЅfЮ2§Ґ‚ц8{ЎN·ЯЎNЎN Ойdфоcоcоcоcоcоcоc